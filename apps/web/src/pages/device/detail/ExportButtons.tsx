import { DownloadOutlined } from '@ant-design/icons';
import { type ExportFormat, PDF_DOWNLOAD_DEBOUNCE_MS } from '@coldchain/shared';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDataApi } from '../../../api/device-data.ts';
import { saveFile } from '../../../api/http.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import type { TimeRange } from '../../../components/time-ranges.ts';
import { useDeviceGrant } from '../share/device-permission.ts';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/**
 * Downloads the range as CSV, XLSX or PDF (names from the server's Content-Disposition). A format is
 * not asked again while its file is on its way, and the PDF at most once a second (000 §5).
 */
export function ExportButtons({ deviceId, range }: { deviceId: number; range: TimeRange }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const lastPdf = useRef(0);
  // A shared or organization device exports only when its permission template allows the button.
  const grant = useDeviceGrant(deviceId);
  const download = async (format: ExportFormat) => {
    if (format === 'pdf') {
      if (Date.now() - lastPdf.current < PDF_DOWNLOAD_DEBOUNCE_MS) return;
      lastPdf.current = Date.now();
    }
    setBusy(format);
    try {
      saveFile(await deviceDataApi.exportRange({ deviceId, ...range, format }));
      toastSuccess('export');
    } catch {
      // The http client has shown why (a PDF over its row limit names the limit).
    } finally {
      setBusy(null);
    }
  };
  if (!grant.operable('export')) return null;
  return (
    <IfAction action="export">
      <Space wrap>
        {FORMATS.map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined />}
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void download(format)}
            data-testid={`export-${format}`}
          >
            {t(`device.export.${format}`)}
          </Button>
        ))}
      </Space>
    </IfAction>
  );
}
