import { AlarmList } from '../components/AlarmList.tsx';
import { CloudProjectBar } from '../components/CloudProjectBar.tsx';

/** /cloudChain/realtimeAlarm: the untreated alarms of a project device. */
export default function RealtimeAlarmPage() {
  return (
    <CloudProjectBar>{(scope) => <AlarmList key={scope.projectId} {...scope} current />}</CloudProjectBar>
  );
}
