import { OverviewPage } from './OverviewPage.tsx';

/** /operation/index: the operators' board of figures. */
export default function OperationIndexPage() {
  return <OverviewPage variant="board" />;
}
