import { BindPage } from './BindPage.tsx';

/** /user/bind-phone */
export default function BindPhonePage() {
  return <BindPage channel="phone" />;
}
