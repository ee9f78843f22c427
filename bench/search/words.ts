/**
 * The vocabulary of the loaded messages: everyday chat words in English, Spanish and French (with
 * inflected forms, so stems matter), drawn with a skew (load.ts) so a few are very common and most
 * are rare, as in real chat. The queries use words of the middle ranks.
 */
export const VOCABULARY: readonly string[] = (
  'the you and that for with this have what just like but not are was all about can get would when ' +
  'there will one out know they think time good really some from people well going them more been ' +
  'because want make also see now work still day back after game play today tonight weekend meeting ' +
  'server channel message photo video link music song playlist movie series episode season book ' +
  'coffee lunch dinner breakfast pizza burger salad cake birthday party holiday travel train flight ' +
  'airport hotel beach mountain river city village garden kitchen office school homework project ' +
  'deadline release update patch bug crash feature design review merge branch deploy database ' +
  'running walked playing watched cooking reading writing singing dancing painting drawing building ' +
  'friends family brother sister mother father cousin teacher student doctor neighbour colleague ' +
  'morning afternoon evening night monday tuesday wednesday thursday friday saturday sunday ' +
  'january february march april june july august september october november december ' +
  'happy tired excited bored hungry thirsty sleepy angry worried curious lucky ready ' +
  'rain snow sunny cloudy windy storm thunder weather forecast temperature ' +
  'hola gracias buenos días noche amigo amigos casa trabajo canción canciones película fiesta ' +
  'comida cena desayuno playa ciudad tiempo mañana tarde semana juego jugando cantando bailando ' +
  'libro libros escuela ventana puerta coche camino viaje vacaciones cumpleaños familia hermano ' +
  'bonjour merci soir nuit ami amis maison travail chanson chansons film soirée repas dîner ' +
  'déjeuner plage ville temps matin semaine jeu jouer chanter danser livre livres école fenêtre ' +
  'porte voiture chemin voyage vacances anniversaire famille frère chanteur chanteurs boulangerie ' +
  'keyboard mouse monitor laptop phone tablet charger battery cable router wifi password account ' +
  'guitar piano drums violin concert festival ticket stage band album vinyl speaker headphones ' +
  'football basketball tennis swimming cycling hiking climbing skiing running marathon training ' +
  'recipe oven pasta rice bread cheese tomato onion garlic pepper chocolate vanilla strawberry'
).split(' ');

/** Ranks whose words the queries use: neither the commonest nor ones that hardly occur. */
export const QUERY_RANKS = { from: 40, to: 200 } as const;
