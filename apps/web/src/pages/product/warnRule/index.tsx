import { RulePage } from '../alarmRule/RulePage.tsx';

/** /product/warnRule: warning rules (002 §3: like alarm rules; fixed values must not repeat). */
export default function WarnRulePage() {
  return <RulePage kind="warn" />;
}
