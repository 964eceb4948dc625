/**
 * Diesel stations for the local places provider: [name, address, lat, lon]. Demo data written for
 * this project around the demo fleet (Niphad and Nashik talukas): the towns are real, the stations
 * and their exact positions are illustrative, as a real Places key replaces them in production.
 */
export type FuelStationRow = readonly [name: string, address: string, lat: number, lon: number];

export const FUEL_STATIONS: readonly FuelStationRow[] = [
  ['IndianOil Kisan Seva Kendra', 'Mumbai–Agra Highway, Pimpalgaon Baswant', 20.1702, 73.9871],
  ['Bharat Petroleum Krushi Fuels', 'Nashik Road, Pimpalgaon Baswant', 20.1611, 73.9792],
  ['HP Petrol Pump Ozar', 'Ozar–Pimpalgaon Road, Ozar', 20.0957, 73.9311],
  ['IndianOil Saykheda', 'Saykheda village, Niphad', 20.0412, 73.9962],
  ['Bharat Petroleum Niphad', 'Niphad–Lasalgaon Road, Niphad', 20.0821, 74.1094],
  ['HP Lasalgaon Onion Market', 'APMC Road, Lasalgaon', 20.1498, 74.2311],
  ['IndianOil Vinchur', 'Vinchur bypass, Niphad', 20.1203, 74.1822],
  ['Nayara Energy Dindori', 'Dindori–Vani Road, Dindori', 20.2041, 73.8361],
  ['Bharat Petroleum Chandwad', 'Mumbai–Agra Highway, Chandwad', 20.3289, 74.2472],
  ['HP Nashik Dwarka', 'Dwarka Circle, Nashik', 19.9982, 73.7963],
  ['IndianOil Adgaon', 'Adgaon Naka, Nashik', 20.0365, 73.8492],
  ['Jio-bp Sinnar', 'Nashik–Pune Road, Sinnar', 19.8498, 73.9985],
  ['IndianOil Yeola', 'Yeola–Kopargaon Road, Yeola', 20.0432, 74.4897],
  ['Bharat Petroleum Kalwan', 'Kalwan–Satana Road, Kalwan', 20.4932, 74.0311],
  ['HP Satana', 'Satana bus stand road, Baglan', 20.5961, 74.2012],
];
