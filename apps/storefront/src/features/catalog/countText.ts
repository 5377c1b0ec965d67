/** "12 listings" / "about 49,000 listings" / "10,000+ listings": one wording for the pages and the server's titles. */
export { countText } from '@kasuwa/contracts';
