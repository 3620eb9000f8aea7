import { OverviewPage } from './OverviewPage.tsx';

/** /operation/system: the board plus delivery backlog, job queue and this node's transport. */
export default function OperationSystemPage() {
  return <OverviewPage variant="system" />;
}
