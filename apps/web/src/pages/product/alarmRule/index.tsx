import { RulePage } from './RulePage.tsx';

/** /product/alarmRule: alarm rules (002 §3). */
export default function AlarmRulePage() {
  return <RulePage kind="alarm" />;
}
