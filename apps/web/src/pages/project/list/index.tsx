import { ProjectList } from '../components/ProjectList.tsx';

/** /project/list (scene 1): the caller's projects (002 §2, §3). */
export default function ProjectListPage() {
  return <ProjectList scene={1} />;
}
