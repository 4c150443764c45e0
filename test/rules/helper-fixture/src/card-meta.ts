// A descriptor helper: the card key it returns is built here (this module is the key's producer).
export function cardMeta(title: string) {
  return { 'com.example/card': { title, url: `https://example.com/cards/${title}` } };
}
