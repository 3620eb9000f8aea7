import { CLOUD_CHAIN_PERMISSION } from '@coldchain/shared';
import { ApiError, http } from './http.ts';

/** Entering a scene: allowed, or refused with the server's reason when it gave one. */
export type SceneAnswer = { allowed: true } | { allowed: false; reason: string | null };

/**
 * Whether the account may enter a scene (000 §4): scene 2 needs cloudChain.myProject; the server
 * answers code 2017 without it, in the caller's language. Quiet: the caller shows the refusal.
 */
export async function mayEnterScene(sceneId: 1 | 2): Promise<SceneAnswer> {
  try {
    const routes = await http.get<string[]>('/base/BaseAccount/getScenePermissionList', {
      params: { sceneId },
      quiet: true,
    });
    if (sceneId === 1 || routes.includes(CLOUD_CHAIN_PERMISSION)) return { allowed: true };
    return { allowed: false, reason: null };
  } catch (error) {
    return {
      allowed: false,
      reason: error instanceof ApiError && error.kind === 'business' ? error.message : null,
    };
  }
}
