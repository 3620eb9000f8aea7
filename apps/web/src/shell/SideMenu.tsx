import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AccessContext, buildMenu, type MenuNode } from '../app/access.ts';
import { availableInThisBuild, openExternal } from '../app/external.ts';
import { type MenuSection, ROUTES } from '../app/routes.ts';
import { useCurrentRoute } from '../app/use-access.ts';
import { GROUP_ICONS, MENU_ICONS } from './icons.tsx';

type Item = NonNullable<MenuProps['items']>[number];

/**
 * A menu built from the route table and the account's permissions (000 §6). Entries that open another
 * site open it in a new window and leave the user where they are (000 §2.10).
 */
export function SideMenu({
  section,
  ctx,
  collapsed,
  onNavigate,
  search = '',
}: {
  section: MenuSection;
  ctx: AccessContext;
  collapsed?: boolean;
  onNavigate?: () => void;
  /** Appended to every entry (the cloud layout keeps its origin). */
  search?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const nodes = useMemo(() => buildMenu(ROUTES, section, ctx, availableInThisBuild), [section, ctx]);
  const leaves = useMemo(
    () =>
      new Map(nodes.flatMap((n) => (n.kind === 'item' ? [n] : n.children)).map((leaf) => [leaf.key, leaf])),
    [nodes],
  );

  const toItem = (node: MenuNode): Item =>
    node.kind === 'item'
      ? {
          key: node.key,
          icon: node.icon ? MENU_ICONS[node.icon] : undefined,
          label: <span data-testid={`menu-${node.name}`}>{t(`route.${node.name}`)}</span>,
        }
      : {
          key: node.key,
          icon: GROUP_ICONS[node.group],
          label: t(`menu.${node.group}`),
          children: node.children.map(toItem),
        };
  const items = nodes.map(toItem);
  const openGroup = nodes.find(
    (node) => node.kind === 'group' && node.children.some((c) => c.key === current?.path),
  )?.key;

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={current ? [current.path] : []}
      defaultOpenKeys={openGroup && !collapsed ? [openGroup] : []}
      inlineCollapsed={collapsed}
      onClick={({ key }) => {
        const leaf = leaves.get(key);
        if (!leaf) return;
        if (leaf.external) {
          openExternal(leaf.external);
          return;
        }
        navigate(`${leaf.path}${search}`);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 0 }}
      data-testid={`menu-${section}`}
    />
  );
}
