import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableHead } from './table-head';

// The owner's list tables share one header row: column headers for screen readers, amounts on the right, columns a
// phone does without hidden below their width, the actions column named for screen readers only.
describe('TableHead', () => {
  it('renders one column header per column, in order, with their alignment and widths', () => {
    render(
      <table>
        <TableHead
          columns={[
            { label: 'Name' },
            { label: 'Total spent', align: 'right' },
            { label: 'Note', from: 'md' },
            { label: 'Actions', hidden: true },
          ]}
        />
      </table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Total spent', 'Note', 'Actions']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]!.className).toContain('text-right');
    expect(headers[0]!.className).not.toContain('text-right');
    expect(headers[2]!.className).toContain('hidden md:table-cell');
    expect(headers[3]!.querySelector('.sr-only')?.textContent).toBe('Actions');
  });

  it('has the list look by default and the compact one on request', () => {
    const { container, rerender } = render(
      <table>
        <TableHead columns={[{ label: 'Name' }]} />
      </table>,
    );
    expect(container.querySelector('thead')!.className).toContain('tracking-wide');
    expect(container.querySelector('th')!.className).toContain('py-3');
    rerender(
      <table>
        <TableHead variant="compact" columns={[{ label: 'Name' }]} />
      </table>,
    );
    expect(container.querySelector('thead')!.className).not.toContain('tracking-wide');
    expect(container.querySelector('th')!.className).toContain('py-2');
  });

  it('has an inline look without a band or edge padding, and can hide its row below a width', () => {
    const { container } = render(
      <table>
        <TableHead
          variant="inline"
          from="md"
          columns={[{ label: 'Title' }, { label: 'Value', align: 'right' }]}
        />
      </table>,
    );
    const head = container.querySelector('thead')!;
    expect(head.className).toContain('border-b');
    expect(head.className).not.toContain('bg-slate-50');
    expect(head.className).toContain('hidden md:table-header-group');
    const cells = container.querySelectorAll('th');
    expect(cells[0]!.className).not.toContain('px-4');
    expect(cells[1]!.className).toContain('text-right');
  });
});
