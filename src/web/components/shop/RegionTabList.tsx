import { useEffect, useRef } from 'react';
import { TabsCount, TabsList, TabsTrigger } from '../ui/Tabs';
import { regionTabs, type RegionTab } from './use-shop-filters';

/** One tab per region with its number of flags; the chosen one is scrolled into view on narrow screens. */
export function RegionTabList({ region, counts }: { region: RegionTab; counts: Partial<Record<RegionTab, number>> }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list.current || !tab) return;
    const listBox = list.current.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    const margin = 16;
    if (tabBox.left < listBox.left) list.current.scrollLeft -= listBox.left - tabBox.left + margin;
    else if (tabBox.right > listBox.right) list.current.scrollLeft += tabBox.right - listBox.right + margin;
  }, [region]);

  return (
    <TabsList ref={list} aria-label="Filter by region" data-testid="region-tabs">
      {regionTabs.map((tab) => (
        <TabsTrigger key={tab} value={tab} data-testid={`region-tab-${tab.toLowerCase()}`}>
          {tab}
          <TabsCount>
            <span className="sr-only"> (</span>
            <span data-testid={`region-count-${tab.toLowerCase()}`}>{counts[tab] ?? 0}</span>
            <span className="sr-only"> flags)</span>
          </TabsCount>
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
