import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountInfo, useLogout } from '../api/account.ts';
import { confirmPrompt } from '../app/feedback.ts';
import { withLoading } from './layout-store.ts';

/** The avatar menu: personal centre and logout, which asks first (002 §8 confirm prompts). */
export function UserMenu({
  showPersonalCenter,
  compact = false,
}: {
  showPersonalCenter: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useAccountInfo();
  const logout = useLogout();
  const account = info?.baseAccount;

  const confirmLogout = () =>
    void confirmPrompt({
      title: t('layout.logout'),
      content: t('layout.logoutConfirm'),
      onOk: () => withLoading(() => logout.mutateAsync()),
    });

  return (
    <Dropdown
      trigger={['click']}
      // Opened by keyboard, the menu takes the focus: arrows move in it, Escape gives it back.
      autoFocus
      menu={{
        items: [
          ...(showPersonalCenter
            ? [
                {
                  key: 'center',
                  icon: <UserOutlined />,
                  label: <span data-testid="personal-center">{t('layout.personalCenter')}</span>,
                },
              ]
            : []),
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('layout.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'center') navigate('/consumer/info');
          if (key === 'logout') confirmLogout();
        },
      }}
    >
      <Button
        type="text"
        data-testid="user-menu"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}
      >
        <Avatar size="small" src={account?.accountPhoto || undefined} icon={<UserOutlined />} />
        <span data-testid="header-user-name" style={compact ? { display: 'none' } : undefined}>
          {account?.userName ?? ''}
        </span>
      </Button>
    </Dropdown>
  );
}
