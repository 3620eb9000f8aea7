import type {
  Action,
  DeviceBinding,
  OwnedDevicePageRequest,
  ProjectInsert,
  ProjectPageRequest,
  ProjectUpdate,
} from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type DeviceCaller, visibleDevices } from '../devices/device-policy.ts';
import type { DevicesRepo } from '../devices/devices.repo.ts';
import { authorizedDevices, devicePageOf } from '../organizations/org-devices.ts';
import type { ProjectRow, ProjectsRepo } from './projects.repo.ts';

/** The two pages that show projects: /project/list (scene 1) and /projectList/index (scene 2). */
const PROJECT_ROUTES = ['project.list', 'projectList'] as const;

/**
 * Projects (002 §3): an account's named groups of devices, shown in both scenes and opened in the
 * cloud-chain layout. A project is its owner's; another account's id answers "not found". Devices
 * join a project through the device policy, and a device belongs to one project at a time.
 */
export class ProjectsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ProjectsRepo,
    private readonly devices: DevicesRepo,
  ) {}

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** Either project page grants the action (query for reading). */
  private permit(caller: DeviceCaller, action: Action) {
    const granted = PROJECT_ROUTES.some(
      (route) => caller.permissions.includes(route) && caller.permissions.includes(`${route}:${action}`),
    );
    if (!granted) throw new AppError('forbidden');
  }

  private async load(caller: DeviceCaller, id: number, action: Action): Promise<ProjectRow> {
    this.permit(caller, action);
    const project = await this.repo.owned(caller.accountId, id);
    if (!project) throw new AppError('notFound', { entity: 'entities.project' });
    return project;
  }

  async page(caller: DeviceCaller, q: ProjectPageRequest) {
    this.permit(caller, 'query');
    const { rows, totalCount } = await this.repo.page(caller.accountId, q);
    const counts = await this.repo.counts(
      visibleDevices(caller, 'console'),
      rows.map((r) => r.id),
    );
    return { rows, counts, totalCount };
  }

  /** Every project with its counts, for the overview and the cockpit's project choice. */
  async overview(caller: DeviceCaller) {
    this.permit(caller, 'query');
    const rows = await this.repo.all(caller.accountId);
    const counts = await this.repo.counts(
      visibleDevices(caller, 'console'),
      rows.map((r) => r.id),
    );
    return { rows, counts };
  }

  async detail(caller: DeviceCaller, id: number) {
    const project = await this.load(caller, id, 'query');
    const counts = await this.repo.counts(visibleDevices(caller, 'console'), [id]);
    return { project, counts };
  }

  async insert(caller: DeviceCaller, input: ProjectInsert) {
    this.permit(caller, 'add');
    const devices = input.deviceIds?.length
      ? await authorizedDevices(this.devices, caller, input.deviceIds, 'edit')
      : [];
    const now = this.now();
    return this.repo.insert(
      {
        platformId: caller.platformId,
        accountId: caller.accountId,
        projectName: input.projectName,
        createdAt: now,
        updatedAt: now,
      },
      devices.map((d) => d.id),
    );
  }

  async update(caller: DeviceCaller, input: ProjectUpdate) {
    const project = await this.load(caller, input.id, 'edit');
    await this.repo.rename(project.id, input.projectName, this.now());
    return { before: { projectName: project.projectName }, after: { projectName: input.projectName } };
  }

  async delete(caller: DeviceCaller, id: number) {
    const project = await this.load(caller, id, 'delete');
    await this.repo.delete(project.id, this.now());
    return project;
  }

  async devicePage(caller: DeviceCaller, q: OwnedDevicePageRequest) {
    const project = await this.load(caller, q.id, 'query');
    const { ids, totalCount } = await this.repo.devicePage(visibleDevices(caller, 'console'), project.id, q);
    return devicePageOf(this.devices, this.ctx.clock, caller, ids, q.start, totalCount);
  }

  async bindDevices(caller: DeviceCaller, input: DeviceBinding) {
    const project = await this.load(caller, input.id, 'edit');
    const devices = await authorizedDevices(this.devices, caller, input.deviceIds, 'edit');
    const ids = devices.map((d) => d.id);
    await this.repo.setDeviceProject(ids, project.id, this.now());
    return ids;
  }

  async unbindDevices(caller: DeviceCaller, input: DeviceBinding) {
    const project = await this.load(caller, input.id, 'edit');
    const devices = await authorizedDevices(this.devices, caller, input.deviceIds, 'edit');
    const ours = devices.filter((d) => d.projectId === project.id).map((d) => d.id);
    if (ours.length) await this.repo.setDeviceProject(ours, null, this.now());
    return ours;
  }
}
