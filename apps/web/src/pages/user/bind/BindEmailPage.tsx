import { BindPage } from './BindPage.tsx';

/** /user/bind-email */
export default function BindEmailPage() {
  return <BindPage channel="email" />;
}
