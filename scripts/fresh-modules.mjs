/**
 * Test files that load a module anew, by test project: those that mock one (`vi.mock`), those
 * that watch what a module does as it loads, and those that change what a module holds (a router
 * made of the portal's route table writes the routes' lazy parts into it once it has loaded them). Every other test file shares the modules of its
 * worker with the files run before it (vite.config.ts), and eslint.config.js keeps `vi.mock` to
 * this list: a shared module cannot be mocked for one file alone.
 */
export const FRESH_MODULES = {
  web: [
    'src/features/auth/sign-in/sign-in-form.test.tsx',
    'src/features/enrollment/steps/profile-download.test.tsx',
    'src/features/enrollment/steps/profile-step.test.tsx',
    'src/features/enrollment/steps/setup-code.test.tsx',
    'src/features/enrollment/steps/install-step.test.tsx',
    'src/features/apps/on-device/app-on-device.test.tsx',
    'src/features/apps/icons.test.ts',
    'src/features/apps/on-device/refresh-from-device.test.tsx',
    'src/features/apps/helpdesk/admin-device-apps.test.tsx',
    'src/lib/i18n.test.ts',
    'src/app/revalidate.test.ts',
    'src/features/apps/catalog/apps-screen.test.tsx',
    'src/features/admin/users-screen.test.tsx',
    'src/features/admin/user-screen.test.tsx',
    'src/features/admin/password-link-dialog.test.tsx',
    'src/features/devices/list/device-list-screen.test.tsx',
    'src/app/guards.test.ts',
    'src/app/router.test.ts',
    'src/app/drawn-password-link.test.tsx',
  ],
  server: [
    'contract/schemas-on-first-use.test.ts',
    'server/command-entry.test.ts',
    'scripts/apt.test.mjs',
  ],
}
