import { Exception } from '../../../components/Exception.tsx';

export default function Exception403Page() {
  return <Exception status="403" />;
}
