import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactChannel } from '../../../api/auth.ts';

/** Whether the code goes to a phone or to an e-mail. */
export function ChannelSwitch({
  value,
  onChange,
}: {
  value: ContactChannel;
  onChange: (channel: ContactChannel) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<ContactChannel>
      block
      value={value}
      onChange={onChange}
      options={[
        { value: 'phone', label: t('auth.channel.phone') },
        { value: 'email', label: t('auth.channel.email') },
      ]}
      style={{ marginBottom: 24 }}
      data-testid="channel-switch"
    />
  );
}
