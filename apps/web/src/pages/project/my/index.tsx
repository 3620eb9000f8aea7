import { ProjectList } from '../components/ProjectList.tsx';

/** /projectList/index (scene 2): the caller's projects, each opening its cloud-chain views. */
export default function MyProjectsPage() {
  return <ProjectList scene={2} />;
}
