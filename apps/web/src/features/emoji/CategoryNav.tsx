import type { PickerSection } from './picker-sections';
import styles from './EmojiPicker.module.css';

/** A button per category that scrolls the grid to it and puts focus on its first emoji. */
export function CategoryNav({
  sections,
  onJump,
}: {
  sections: readonly PickerSection[];
  onJump(section: number): void;
}) {
  return (
    <nav className={styles.categories} aria-label="Emoji categories">
      {sections.map((section, s) => (
        <button
          key={section.id}
          type="button"
          className={styles.category}
          aria-label={section.label}
          title={section.label}
          onClick={() => onJump(s)}
        >
          <span aria-hidden="true">{section.icon}</span>
        </button>
      ))}
    </nav>
  );
}
