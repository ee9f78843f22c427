import { useMemo, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import type { GifResult } from '@hearth/protocol';
import { GIF_TEXT } from '@hearth/protocol/gif-rules';
import { IconButton, useToast } from '../../ui';
import { Switch } from '../../ui/Switch';
import { cx } from '../../ui/cx';
import { CloseIcon } from '../../ui/icons';
import tabStyles from '../../ui/Tabs.module.css';
import { ApiError } from '../../lib/http';
import { useFavoriteGifs, useGifProvider, useToggleFavorite } from './gif-queries';
import { FavoritesPanel, OwnPanel, SearchPanel, TrendingPanel, type GridActions } from './GifPanels';
import { FavoritesBusyError } from './favorites-gate';
import { useBlurNsfw } from './nsfw-blur';
import { pickQuickSearches } from './picker-gif';
import { GIF_CLIENT_TEXT as T } from './texts';
import { useSearchText } from './useSearchText';
import styles from './GifPicker.module.css';

export type GifTab = 'trending' | 'search' | 'favorites' | 'uploaded';

const TABS: { id: GifTab; name: string }[] = [
  { id: 'trending', name: 'Trending' },
  { id: 'search', name: 'Search' },
  { id: 'favorites', name: 'Favorites' },
  { id: 'uploaded', name: 'User Uploaded GIFs' },
];

export interface GifPickerProps {
  onPick(gif: GifResult): void;
  onClose(): void;
  /** Tests fix the quick searches; the app draws 8 of the 16 each time the picker opens. */
  chips?: string[];
}

/** Spec 1 §2's credit: GIPHY asks for 'Powered by GIPHY'; the built-in provider is this server's uploads. */
const creditFor = (provider: string | undefined) =>
  provider === 'giphy' ? 'Powered by GIPHY' : provider === 'builtin' ? 'GIFs uploaded on this server' : '';

/**
 * The GIF picker (spec 1 §2): Trending (with quick searches), Search, Favorites and the user's own
 * uploaded GIFs; typing in the search box switches to Search. A click picks a GIF (the owner sends it).
 */
export default function GifPicker({ onPick, onClose, chips: fixedChips }: GifPickerProps) {
  const [tab, setTab] = useState<GifTab>('trending');
  const search = useSearchText();
  const [blurNsfw, setBlurNsfw] = useBlurNsfw();
  const chips = useMemo(() => fixedChips ?? pickQuickSearches(), [fixedChips]);
  const provider = useGifProvider();
  const favorites = useFavoriteGifs();
  const favoriteIds = useMemo(() => new Set(favorites.data?.map((f) => f.gif_id)), [favorites.data]);
  const toggle = useToggleFavorite();
  const toast = useToast();

  const onToggleFavorite = (gif: GifResult, favorite: boolean) => {
    toggle.mutate(
      { gif, favorite },
      {
        onError: (error) => {
          if (error instanceof FavoritesBusyError) {
            toast.warning(GIF_TEXT.favoritesBusy);
            return;
          }
          const title = favorite ? T.removeFavoriteFailed : T.addFavoriteFailed;
          toast.error(title, error instanceof ApiError && error.message !== title ? error.message : undefined);
        },
      },
    );
  };
  const grid: GridActions = { blurNsfw, favoriteIds, onPick, onToggleFavorite };

  return (
    <div className={styles.picker}>
      <div className={styles.top}>
        <input
          type="search"
          className={styles.search}
          aria-label="Search GIFs"
          placeholder={T.searchPlaceholder}
          value={search.text}
          onChange={(event) => {
            search.type(event.target.value);
            if (event.target.value.trim() !== '') setTab('search');
          }}
        />
        <IconButton aria-label="Close GIF picker" onClick={onClose}>
          <CloseIcon size={18} />
        </IconButton>
      </div>
      <Tabs.Root
        className={cx(tabStyles.root, styles.tabs)}
        value={tab}
        onValueChange={(value) => setTab(value as GifTab)}
      >
        <Tabs.List className={cx(tabStyles.list, styles.tabList)} aria-label="GIF sections">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id} className={cx(tabStyles.tab, styles.tab)}>
              {t.name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="trending" className={styles.panel}>
          <TrendingPanel
            {...grid}
            chips={chips}
            onChip={(chip) => {
              search.choose(chip);
              setTab('search');
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="search" className={styles.panel}>
          <SearchPanel {...grid} query={search.searched} />
        </Tabs.Content>
        <Tabs.Content value="favorites" className={styles.panel}>
          <FavoritesPanel {...grid} />
        </Tabs.Content>
        <Tabs.Content value="uploaded" className={styles.panel}>
          <OwnPanel {...grid} />
        </Tabs.Content>
      </Tabs.Root>
      <footer className={styles.footer}>
        <span>{creditFor(provider.data)}</span>
        <Switch className={styles.blur} label="Blur NSFW" checked={blurNsfw} onCheckedChange={setBlurNsfw} />
        <span>{T.clickToSend}</span>
      </footer>
    </div>
  );
}
