import type {
  Geofence,
  GeofenceInsert,
  GeofencePageRequest,
  GeofenceUpdate,
  PageResponse,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { type GeofenceRow, type GeofencesRepo, type Owner, parseAreas } from './geofences.repo.ts';

export function presentGeofence(row: GeofenceRow, inUse = 0): Geofence {
  return {
    id: row.id,
    name: row.name,
    areas: parseAreas(row),
    inUse,
    createdAt: Date.parse(row.createdAt),
  };
}

/**
 * Geofences (002 §3, §5): a name and 1-10 areas, each a circle or a polygon. A fence belongs to the
 * account that drew it; another account's id answers "geofence not found" like a missing one.
 */
export class GeofencesService {
  constructor(
    private readonly repo: GeofencesRepo,
    private readonly clock: Clock,
  ) {}

  async get(owner: Owner, id: number): Promise<Geofence> {
    const row = await this.load(owner, id);
    return presentGeofence(row, (await this.repo.usage([row.id])).get(row.id) ?? 0);
  }

  async load(owner: Owner, id: number): Promise<GeofenceRow> {
    const row = await this.repo.byId(owner, id);
    if (!row) throw new AppError('geofenceNotFound');
    return row;
  }

  async page(owner: Owner, q: GeofencePageRequest): Promise<PageResponse<Geofence>> {
    const { rows, totalCount } = await this.repo.page(owner, q);
    const usage = await this.repo.usage(rows.map((r) => r.id));
    return { data: rows.map((r) => presentGeofence(r, usage.get(r.id) ?? 0)), start: q.start, totalCount };
  }

  async insert(owner: Owner, input: GeofenceInsert): Promise<Geofence> {
    const now = this.clock.now().toISOString();
    const row = await this.repo.insert({
      platformId: owner.platformId,
      accountId: owner.accountId,
      name: input.name,
      areas: JSON.stringify(input.areas),
      createdAt: now,
      updatedAt: now,
    });
    return presentGeofence(row);
  }

  async update(owner: Owner, input: GeofenceUpdate): Promise<{ before: Geofence; after: Geofence }> {
    const before = await this.get(owner, input.id);
    const row = await this.repo.update(owner, input.id, {
      name: input.name,
      areas: JSON.stringify(input.areas),
      updatedAt: this.clock.now().toISOString(),
    });
    if (!row) throw new AppError('geofenceNotFound');
    return { before, after: presentGeofence(row, before.inUse) };
  }

  /** Every id must be the caller's; a fence a waybill not yet ended uses is refused. */
  async delete(owner: Owner, ids: readonly number[]): Promise<Geofence[]> {
    const unique = [...new Set(ids)];
    const rows: GeofenceRow[] = [];
    for (const id of unique) rows.push(await this.load(owner, id));
    const usage = await this.repo.usage(unique);
    if ([...usage.values()].some((n) => n > 0))
      throw new AppError('entityInUse', { entity: 'entities.geofence' });
    await this.repo.delete(owner, unique);
    return rows.map((r) => presentGeofence(r));
  }
}
