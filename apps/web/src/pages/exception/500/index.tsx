import { Exception } from '../../../components/Exception.tsx';

export default function Exception500Page() {
  return <Exception status="500" />;
}
