import {
  backOfficeRoles,
  formatDateTime,
  formatHistoryValue,
  type HistoryEntity,
  type HistoryEntry,
  historyActionLabel,
  historyDisplayedChanges,
  historyFieldLabel,
  historyMessages,
  historyObjectLabel,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { messageOf } from '../api/api-error';
import { pageSizesDefault } from '../list/list-types';
import { useUser } from '../session/session-store';
import { useRecordHistory } from './history-api';

function Changes({ entry }: { entry: HistoryEntry }) {
  const changes = historyDisplayedChanges(entry.changes);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No field changed
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {changes.map((change) => (
        <li key={change.field}>
          <Typography component="span" sx={{ fontWeight: 500, fontSize: 'inherit' }}>
            {historyFieldLabel(change.field)}
          </Typography>
          {': '}
          <span>{formatHistoryValue(entry.objectType, change.field, change.before)}</span>
          <span> → </span>
          <span>{formatHistoryValue(entry.objectType, change.field, change.after)}</span>
        </li>
      ))}
    </Box>
  );
}

/**
 * The History tab of a staff detail screen: who changed the record, when (Sydney time), what it
 * was about and each field before and after, newest first, a page at a time.
 */
export function HistoryTab({ entity, id }: { entity: HistoryEntity; id: string }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizesDefault[0] ?? 10);
  const history = useRecordHistory(entity, id, page, pageSize);
  if (history.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            Retry
          </Button>
        }
      >
        {messageOf(history.error)}
      </Alert>
    );
  }
  if (!history.data) return <Skeleton variant="rectangular" height={240} aria-label="Loading history" />;
  const { entries, count } = history.data;
  if (count === 0) return <Typography color="text.secondary">{historyMessages.empty}</Typography>;
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label="History">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurredAt)}</TableCell>
                <TableCell>
                  {entry.actor ? (
                    <>
                      {entry.actor.name}
                      {entry.actor.email && entry.actor.email !== entry.actor.name && (
                        <Typography variant="body2" color="text.secondary">
                          {entry.actor.email}
                        </Typography>
                      )}
                    </>
                  ) : (
                    'System'
                  )}
                </TableCell>
                <TableCell>
                  {historyActionLabel(entry)}
                  <Typography variant="body2" color="text.secondary">
                    {historyObjectLabel(entry.objectType, entry.objectId)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Changes entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizesDefault.filter((size) => size > 0)}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}

/**
 * A staff detail screen with its History tab: 'Details' (the screen's own content) and
 * 'History'. Only staff see the History tab; anyone else sees the details alone.
 */
export function WithHistoryTab({ entity, id, children }: { entity: HistoryEntity; id: string; children: ReactNode }) {
  const user = useUser();
  const [tab, setTab] = useState(0);
  const baseId = useId();
  if (!backOfficeRoles.includes(user.type)) return <>{children}</>;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setTab(value)}
        aria-label="Details and history"
        sx={{ mb: 2 }}
      >
        <Tab label="Details" id={`${baseId}-0`} aria-controls={`${baseId}-panel`} />
        <Tab label="History" id={`${baseId}-1`} aria-controls={`${baseId}-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`}>
        {tab === 0 ? children : <HistoryTab entity={entity} id={id} />}
      </Box>
    </>
  );
}
