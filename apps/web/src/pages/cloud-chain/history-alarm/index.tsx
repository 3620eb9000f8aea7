import { AlarmList } from '../components/AlarmList.tsx';
import { CloudProjectBar } from '../components/CloudProjectBar.tsx';

/** /cloudChain/historyAlarm: every alarm of a project device, treated or not. */
export default function HistoryAlarmPage() {
  return (
    <CloudProjectBar>
      {(scope) => <AlarmList key={scope.projectId} {...scope} current={false} />}
    </CloudProjectBar>
  );
}
