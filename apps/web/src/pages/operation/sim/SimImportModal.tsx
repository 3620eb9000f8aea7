import type { SimImportError, SimImportResult } from '@coldchain/shared';
import { Alert, Button, Modal, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../api/http.ts';
import { simsApi } from '../../../api/sims.ts';

/**
 * The SIM import: a CSV or XLSX file in the template's columns. The answer says how many rows were
 * stored and lists every refused row with its line, ICCID and reason; the good rows are in the list.
 */
export function SimImportModal(props: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SimImportResult | null>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setResult(null);
    try {
      setResult(await simsApi.importFile(file));
      props.onImported();
    } catch {
      // The http client has shown why (file type, size, no ICCID column).
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const template = async () => {
    try {
      saveFile(await simsApi.template());
    } catch {
      // The http client has shown why.
    }
  };

  const close = () => {
    setResult(null);
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={t('backOfficeDevices.sim.importTitle')}
      onCancel={close}
      footer={<Button onClick={close}>{t('common.close')}</Button>}
      width={760}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('backOfficeDevices.sim.importHint')}</Typography.Paragraph>
        <Space wrap>
          <Button type="primary" loading={busy} onClick={() => input.current?.click()}>
            {t('backOfficeDevices.sim.chooseFile')}
          </Button>
          <Button onClick={() => void template()}>{t('backOfficeDevices.sim.template')}</Button>
          <input
            ref={input}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('backOfficeDevices.sim.chooseFile')}
            style={{ display: 'none' }}
            data-testid="sim-import-file"
            onChange={(event) => void send(event.target.files?.[0])}
          />
        </Space>
        {result ? (
          <div data-testid="sim-import-result">
            <Alert
              type={result.errors.length > 0 ? 'warning' : 'success'}
              showIcon
              message={t('backOfficeDevices.sim.imported', {
                imported: result.imported,
                total: result.total,
              })}
              description={
                result.errors.length > 0
                  ? t('backOfficeDevices.sim.refused', { count: result.errors.length })
                  : undefined
              }
            />
            {result.errors.length > 0 ? (
              <Table<SimImportError>
                size="small"
                style={{ marginTop: 12 }}
                rowKey="line"
                pagination={false}
                scroll={{ y: 300 }}
                dataSource={result.errors}
                data-testid="sim-import-errors"
                columns={[
                  { dataIndex: 'line', title: t('backOfficeDevices.sim.line'), width: 70 },
                  { dataIndex: 'iccId', title: t('backOfficeDevices.fields.iccId'), width: 220 },
                  { dataIndex: 'message', title: t('backOfficeDevices.sim.reason') },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
