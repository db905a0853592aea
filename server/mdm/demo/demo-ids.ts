/** Fixed ids of the demo users and devices, shared by the demo data files and the tests. */
export const ANNA_SID = 'a7c3e1f0-5b2d-4c8e-9f61-2d3b4a5c6e71'
export const BEN_SID = 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d42'
export const NEW_USER_SID = 'c9e8d7f6-5a4b-4c3d-9e2f-1a0b9c8d7e63'
export const LENA_SID = 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6'

export const DEVICE_IDS = {
  annaIphone: '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61',
  annaPixel: '5b8e1d2c-3a4f-4e6b-8d9c-0f1e2a3b4c72',
  annaMac: '7d0a3f4e-5c6b-4a8d-9e1f-2b3c4d5e6f83',
  benGalaxy: '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94',
  labTablet: '1a4e7d8c-9b0a-4e2f-b3c4-5d6e7f8a9b05',
  lenaIphone: '4c6a9f0e-1d2c-4b5a-9e6f-7a8b9c0d1e27',
  oldIpad: '2b5f8e9d-0c1b-4f3a-a4d5-6e7f8a9b0c16',
} as const
