import { describe, expect, it, vi } from 'vitest';
import { type CellKeyEvent, openRowOnKey } from './row-keys';

function keyEvent(key: string, role = 'gridcell', extra: Partial<CellKeyEvent> = {}): CellKeyEvent {
  return {
    key,
    target: { getAttribute: (name: string) => (name === 'role' ? role : null) } as unknown as EventTarget,
    preventDefault: vi.fn(),
    ...extra,
  };
}

describe('opening a table row from the keyboard', () => {
  const row = { id: 1001 };

  it.each(['Enter', ' '])('%j on a focused row opens it as a click does', (key) => {
    const open = vi.fn();
    const event = keyEvent(key);
    expect(openRowOnKey('thirdPartyId', row, event, open)).toBe(true);
    expect(open).toHaveBeenCalledWith(row);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('other keys, modifiers, buttons inside a cell and Space on the checkbox do not open the row', () => {
    const open = vi.fn();
    expect(openRowOnKey('thirdPartyId', row, keyEvent('ArrowDown'), open)).toBe(false);
    expect(openRowOnKey('thirdPartyId', row, keyEvent('Enter', 'gridcell', { ctrlKey: true }), open)).toBe(false);
    expect(openRowOnKey('thirdPartyId', row, keyEvent('Enter', 'button'), open)).toBe(false);
    expect(openRowOnKey('__check__', row, keyEvent(' '), open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('a table without row opening ignores the keys', () => {
    expect(openRowOnKey('thirdPartyId', row, keyEvent('Enter'), undefined)).toBe(false);
  });
});
