import type { CurrentNotice } from '@coldchain/shared';
import { Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissNotice } from '../../api/notices.ts';
import { NOTICE_MODAL_WIDTH } from '../../app/constants.ts';

/** The notice modal (000 §2.11): 620 px, with "do not remind me", kept per account and notice id. */
export default function NoticeModal({ notice, onClose }: { notice: CurrentNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const [dontRemind, setDontRemind] = useState(false);
  const dismiss = useDismissNotice();
  const close = () => {
    if (dontRemind) dismiss.mutate(notice.noticeId);
    onClose();
  };
  return (
    <Modal
      open
      width={NOTICE_MODAL_WIDTH}
      title={t('notice.title')}
      onCancel={close}
      maskClosable={false}
      data-testid="notice-modal"
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Checkbox
            checked={dontRemind}
            onChange={(event) => setDontRemind(event.target.checked)}
            data-testid="notice-dont-remind"
          >
            {t('notice.doNotRemind')}
          </Checkbox>
          <Button type="primary" onClick={close} data-testid="notice-ok">
            {t('common.ok')}
          </Button>
        </div>
      }
    >
      <div
        style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}
        data-testid="notice-content"
      >
        {notice.noticeContent}
      </div>
    </Modal>
  );
}
