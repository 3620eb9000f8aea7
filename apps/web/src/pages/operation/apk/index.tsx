import { AppVersionsPage } from './AppVersionsPage.tsx';

/** /operation/apk: apk package management of this platform's Android app. */
export default function ApkPage() {
  return <AppVersionsPage appType="android" />;
}
