import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

export interface ListDetailTabsProps {
  /** The list's path (/loans); the detail is at /loans/:id. */
  basePath: string;
  listLabel: string;
  detailLabel: string;
  list: ReactNode;
  detail: (id: string) => ReactNode;
  /** The route parameter holding the id (default 'id'). */
  param?: string;
}

/**
 * The list/detail pair (investor-and-admin §4): the list at index 0, the detail tab disabled
 * until a row is picked; a route id opens the detail. The list's URL state (filter, sort, page)
 * travels with the detail, so going back to the list finds it as it was.
 */
export function ListDetailTabs({ basePath, listLabel, detailLabel, list, detail, param = 'id' }: ListDetailTabsProps) {
  const id = useParams()[param];
  const navigate = useNavigate();
  const { search } = useLocation();
  const index = id ? 1 : 0;
  const tabId = (n: number) => `${basePath.replace(/\W/g, '')}-tab-${n}`;
  return (
    <>
      <Tabs
        value={index}
        onChange={(_event, value: number) => {
          if (value === 0) navigate(`${basePath}${search}`);
        }}
        aria-label={`${listLabel} and ${detailLabel}`}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={listLabel} id={tabId(0)} aria-controls={`${tabId(0)}-panel`} />
        <Tab label={detailLabel} id={tabId(1)} aria-controls={`${tabId(1)}-panel`} disabled={!id} />
      </Tabs>
      <Box role="tabpanel" id={`${tabId(index)}-panel`} aria-labelledby={tabId(index)}>
        {/* a screen's detail is usually its own chunk, loaded on demand (shared/lazy/on-demand.tsx): the list paints without it */}
        {id ? detail(id) : list}
      </Box>
    </>
  );
}

/** Opens a row's detail, keeping the list's URL state: navigate(detailPath('/loans', 42, search)). */
export function detailPath(basePath: string, id: string | number, search = ''): string {
  return `${basePath}/${encodeURIComponent(String(id))}${search}`;
}
