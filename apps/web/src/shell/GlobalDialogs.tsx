import { lazy, Suspense, useState } from 'react';
import { useAccountInfo } from '../api/account.ts';
import { useExpiredInfo } from '../api/devices-expired.ts';
import { useCurrentNotice } from '../api/notices.ts';
import { OVERSEAS_EDITION } from '../app/edition.ts';

// The dialogs load only when one has something to show, so Table, Form and Select stay off /home.
const NoticeModal = lazy(() => import('./dialogs/NoticeModal.tsx'));
const IdentityModal = lazy(() => import('./dialogs/IdentityModal.tsx'));
const ExpiredDevicesModal = lazy(() => import('./dialogs/ExpiredDevicesModal.tsx'));

type Dialog = 'notice' | 'identity' | 'expired';

/**
 * The global dialogs of 000 §2.11, one at a time: the notice, then the identity supplement (not in
 * the overseas edition), then the expired devices. Each is closed for the rest of the page's life.
 */
export function GlobalDialogs({ canEditProfile }: { canEditProfile: boolean }) {
  const { data: info } = useAccountInfo();
  const signedIn = info !== undefined;
  const notice = useCurrentNotice(signedIn);
  const expired = useExpiredInfo(signedIn);
  const [closed, setClosed] = useState<ReadonlySet<Dialog>>(new Set());
  if (!info) return null;

  const profile = info.userProfile;
  const wanted: Record<Dialog, boolean> = {
    notice: Boolean(notice.data),
    identity: !OVERSEAS_EDITION && canEditProfile && (!profile.identity || !profile.industry),
    expired: Boolean(expired.data?.pushMessages),
  };
  const showing = (['notice', 'identity', 'expired'] as const).find((d) => wanted[d] && !closed.has(d));
  const close = (dialog: Dialog) => setClosed((set) => new Set([...set, dialog]));

  return (
    <Suspense fallback={null}>
      {showing === 'notice' && notice.data ? (
        <NoticeModal notice={notice.data} onClose={() => close('notice')} />
      ) : null}
      {showing === 'identity' ? <IdentityModal onClose={() => close('identity')} /> : null}
      {showing === 'expired' ? (
        <ExpiredDevicesModal
          accountId={info.baseAccount.id}
          initialFlag={expired.data?.expiredFlag ?? undefined}
          onClose={() => close('expired')}
        />
      ) : null}
    </Suspense>
  );
}
