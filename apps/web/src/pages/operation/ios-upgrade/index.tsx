import { AppVersionsPage } from '../apk/AppVersionsPage.tsx';

/** /operation/iosUpgrade: iOS upgrade entries (App Store link, release notes, forced flag). */
export default function IosUpgradePage() {
  return <AppVersionsPage appType="ios" />;
}
