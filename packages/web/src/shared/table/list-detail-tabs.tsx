import Box from '@mui/material/Box';
import type { KeyboardEvent, ReactNode } from 'react';
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
      {/* two plain tabs styled once by their list: Material UI's Tabs measured their indicator on
          mount, a forced layout of the whole page before a list's first row (62 ms in a profile) */}
      <Box
        role="tablist"
        aria-label={`${listLabel} and ${detailLabel}`}
        onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
          // the tabs pattern: the arrows move between the enabled tabs
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
          const at = tabs.indexOf(event.target as HTMLButtonElement);
          if (at < 0) return;
          event.preventDefault();
          tabs[(at + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]?.focus();
        }}
        sx={(theme) => ({
          display: 'flex',
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          '& [role="tab"]': {
            ...theme.typography.button,
            minHeight: 48,
            minWidth: 90,
            px: 2,
            py: 1.5,
            border: 0,
            borderBottom: 2,
            borderColor: 'transparent',
            mb: '-1px',
            background: 'none',
            color: 'text.secondary',
            cursor: 'pointer',
          },
          '& [role="tab"][aria-selected="true"]': { color: 'primary.main', borderColor: 'primary.main' },
          '& [role="tab"]:disabled': { color: 'text.disabled', cursor: 'default' },
          '& [role="tab"]:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        })}
      >
        {[listLabel, detailLabel].map((label, n) => (
          <button
            key={label}
            type="button"
            role="tab"
            id={tabId(n)}
            aria-selected={index === n}
            aria-controls={`${tabId(n)}-panel`}
            tabIndex={index === n ? 0 : -1}
            disabled={n === 1 && !id}
            onClick={n === 0 && index !== 0 ? () => navigate(`${basePath}${search}`) : undefined}
          >
            {label}
          </button>
        ))}
      </Box>
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
