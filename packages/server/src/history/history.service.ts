import {
  auditChanges,
  type HistoryEntity,
  type HistoryEntry,
  historyMessages,
  type historyRecordShape,
  type ListRow,
  notFound,
} from '@lm/domain';
import type { AppContext } from '../platform/context';
import { runTypedList } from '../platform/list-query';
import { subjectExists } from './history.repository';
import { historyResource, historyWhere } from './history.resource';

type HistoryRecord = ListRow<typeof historyRecordShape>;

function parse(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}

/** The scheduled moves of many loans in one record (objectType 'loans'): only this loan's move. */
function ownMove(value: unknown, id: number): unknown {
  if (!Array.isArray(value)) return value;
  const own = value.find((move) => move && typeof move === 'object' && Number((move as { id?: unknown }).id) === id);
  if (!own) return null;
  const { id: _id, ...rest } = own as Record<string, unknown>;
  return rest;
}

function entryOf(record: HistoryRecord, entity: HistoryEntity, id: number): HistoryEntry {
  let before = parse(record.before);
  let after = parse(record.after);
  if (entity === 'loans' && record.objectType === 'loans') {
    before = ownMove(before, id);
    after = ownMove(after, id);
  }
  return {
    id: record.id,
    occurredAt: record.occurredAt,
    actor:
      record.actorUserId === null
        ? null
        : {
            userId: record.actorUserId,
            name: record.actorName ?? record.actorEmail ?? `User ${record.actorUserId}`,
            email: record.actorEmail ?? '',
          },
    method: record.method,
    route: record.route,
    objectType: record.objectType,
    objectId: record.objectId,
    changes: auditChanges(before, after),
  };
}

/**
 * GET api/audit/{entity}/{id}: the record's changes, newest first, a page at a time ($top, $skip,
 * $count). 404 when the record does not exist.
 */
export async function listHistory(
  ctx: AppContext,
  entity: HistoryEntity,
  id: number,
  query: { $top?: string | undefined; $skip?: string | undefined; $count?: string | undefined },
): Promise<{ rows: HistoryEntry[]; count?: number }> {
  if (!(await subjectExists(ctx.db, entity, id))) throw notFound(historyMessages.notFound(entity));
  const result = await runTypedList(ctx.db, historyResource, query, { where: historyWhere(entity, id) });
  const rows = result.rows.map((record) => entryOf(record, entity, id));
  return result.count === undefined ? { rows } : { rows, count: result.count };
}
