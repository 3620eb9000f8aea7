import { Exception } from '../../../components/Exception.tsx';

export default function Exception404Page() {
  return <Exception status="404" />;
}
