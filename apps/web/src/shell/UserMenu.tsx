import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and gives the focus back to its button (WCAG 2.4.3 focus order); the
  // dropdown itself closes but leaves the focus in the removed menu.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      requestAnimationFrame(() => button.current?.focus());
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  const confirmLogout = () =>
    void confirmPrompt({
      title: t('layout.logout'),
      content: t('layout.logoutConfirm'),
      onOk: () => withLoading(() => logout.mutateAsync()),
    });

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
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
          setOpen(false);
          if (key === 'center') navigate('/consumer/info');
          if (key === 'logout') confirmLogout();
        },
      }}
    >
      <Button
        ref={button}
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
