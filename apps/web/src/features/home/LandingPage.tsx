import { type ReactNode, useId } from 'react';
import type { PublicUser } from '@hearth/protocol';
import { Tabs } from '../../ui/Tabs';
import { FriendsPage } from '../friends';
import styles from './LandingPage.module.css';

export type LandingTab = 'friends' | 'direct-messages';

export interface LandingPageProps {
  username: string;
  /** The open tab; the shell holds it so events (a forced DM) can switch it. */
  tab: LandingTab;
  onTabChange(tab: LandingTab): void;
  /** The Direct Messages tab's content. */
  directMessages: ReactNode;
  /** Opening a friend leads to the direct-message chat. */
  onMessage(user: PublicUser): void;
}

/** Home with no channel open (spec 2 §2): a greeting, a tagline, and the Friends and Direct Messages tabs. */
export function LandingPage({ username, tab, onTabChange, directMessages, onMessage }: LandingPageProps) {
  const headingId = useId();
  return (
    <section className={styles.landing} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          Welcome, <bdi>{username}</bdi>
        </h2>
        <p className={styles.tagline}>Your friends and conversations, all in one place.</p>
      </header>
      <Tabs
        label="Home"
        className={styles.tabs}
        value={tab}
        onValueChange={(value) => onTabChange(value as LandingTab)}
        tabs={[
          { value: 'friends', label: 'Friends', content: <FriendsPage onMessage={onMessage} /> },
          { value: 'direct-messages', label: 'Direct Messages', content: directMessages },
        ]}
      />
    </section>
  );
}
