/** How many offers the home page's offers section holds (the editor and the server both keep to it). */
export const MAX_OFFERS = 20;
