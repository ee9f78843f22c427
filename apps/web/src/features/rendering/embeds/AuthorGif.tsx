import { useAuthorGifs } from '../../gifs/gif-queries';
import { GifEmbed } from './GifEmbed';

interface AuthorGifProps {
  authorId: number;
  /** The shortcode's name, matched in any case as GIF names are unique in any case. */
  name: string;
  /** `:name:`, shown while the list loads and when the author has no GIF of that name. */
  label: string;
}

/** The message author's uploaded GIF named `name`, drawn as any GIF in a message (blurred when NSFW). */
export default function AuthorGif({ authorId, name, label }: AuthorGifProps) {
  const { data } = useAuthorGifs(authorId);
  const wanted = name.toLowerCase();
  const gif = data?.find((g) => g.name.toLowerCase() === wanted);
  if (!gif) return label;
  return <GifEmbed href={gif.file_url} gif={{ kind: 'user', shown: true, uploadedFile: gif.file_url }} label={label} />;
}
