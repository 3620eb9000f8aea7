import { SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mayEnterScene } from '../api/scenes.ts';
import { flash } from '../app/feedback.ts';
import { useStore } from '../app/store.ts';
import { type SceneId, sceneStore, withLoading } from './layout-store.ts';

const FIRST_PAGE: Record<SceneId, string> = { 1: '/home', 2: '/projectList/index' };

/**
 * The scene dropdown (000 §2.11, §4): scene 1 monitoring, scene 2 cloud chain. Entering scene 2 asks
 * the server for the scene's routes; without cloudChain.myProject it is refused with a message.
 */
export function SceneSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scene = useStore(sceneStore);

  const choose = async (next: SceneId) => {
    if (next === scene) return;
    const answer = await withLoading(() => mayEnterScene(next));
    if (!answer.allowed) {
      flash('error', answer.reason ?? t('scene.noPermission'));
      return;
    }
    sceneStore.set(next);
    navigate(FIRST_PAGE[next]);
  };

  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [String(scene)],
        items: ([1, 2] as const).map((id) => ({
          key: String(id),
          label: <span data-testid={`scene-option-${id}`}>{t(`scene.${id}`)}</span>,
        })),
        onClick: ({ key }) => void choose(Number(key) === 2 ? 2 : 1),
      }}
    >
      <Button
        type="text"
        icon={<SwapOutlined />}
        data-testid="scene-switch"
        // Named by its text when shown; the icon alone needs a name (WCAG 2.5.3 label in name).
        aria-label={compact ? t('scene.label') : undefined}
        title={t('scene.label')}
      >
        {compact ? null : t(`scene.${scene}`)}
      </Button>
    </Dropdown>
  );
}
