import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import type { GeofenceScreen } from '../features/geofences/geofence-module';
import { screen, withTexts } from './lazy-screen';

/**
 * Every route past the login flow (the signed-in shell and the public pages that share its header),
 * a chunk of its own: their lazy declarations stay out of the login screen's JS (DESIGN §1 budget).
 * Rendered by the app's router for any path the login flow does not own.
 */
const TabsLayout = screen(
  () => import('./tabs-layout'),
  (m) => m.TabsLayout,
);
const HomeScreen = screen(
  () => import('../features/home/home-screen'),
  (m) => m.HomeScreen,
);
const UsageScreen = screen(
  () => import('../features/usage/usage-screen'),
  (m) => m.UsageScreen,
);
const AddTractorScreen = screen(
  () => import('../features/tractors/add-tractor-screen'),
  (m) => m.AddTractorScreen,
);
const TractorListScreen = screen(
  () => import('../features/tractors/tractor-list-screen'),
  (m) => m.TractorListScreen,
);
const DieselUsageScreen = screen(
  () => import('../features/history/diesel-usage-screen'),
  (m) => m.DieselUsageScreen,
);
const EngineUsageScreen = screen(
  () => import('../features/history/engine-usage-screen'),
  (m) => m.EngineUsageScreen,
);
const LocateMeScreen = screen(
  () => import('../features/locate-me/locate-me-screen'),
  (m) => m.LocateMeScreen,
);
const RouteReplayScreen = screen(
  () => import('../features/locate-me/route-replay-screen'),
  (m) => m.RouteReplayScreen,
);
const CreateNewProfileRoute = screen(
  () => import('./create-new-profile-route'),
  (m) => m.CreateNewProfileRoute,
);
const ChangePinScreen = screen(
  () => import('../features/auth/change-pin-screen'),
  (m) => m.ChangePinScreen,
);
const LanguageScreen = screen(
  () => import('../features/language/language-screen'),
  (m) => m.LanguageScreen,
);
const SettingsScreen = screen(
  () => import('../features/settings/settings-screen'),
  (m) => m.SettingsScreen,
);
const AboutScreen = screen(
  () => import('../features/about/about-screen'),
  (m) => m.AboutScreen,
);
const TermsScreen = screen(
  () => import('../features/about/terms-screen'),
  (m) => m.TermsScreen,
);
// The signed-in, alert, geofence, subscription, reminder, service booking, hire and Ask me screens bring their own words (a catalogue namespace per language), fetched with them.
// The signed-in words come beside the shell's chunk, and the shell renders only once they are in, so no
// screen under it ever shows a raw key or changes its words in front of the owner. Chosen over each
// screen waiting for `ready` (a loading line on every first screen) and over rendering at once (keys flash).
const withTractorTexts = withTexts(() => import('../lib/signed-in/tractor-texts').then((m) => m.loadTractorTexts()));
const ShellLayout = screen(
  withTractorTexts(() => import('./shell-layout')),
  (m) => m.ShellLayout,
);
const withAlertTexts = withTexts(() => import('../lib/signed-in/alert-texts').then((m) => m.loadAlertTexts()));
const withGeofenceTexts = withTexts(() => import('../lib/signed-in/geofence-texts').then((m) => m.loadGeofenceTexts()));
const AlertsScreen = screen(
  withAlertTexts(() => import('../features/alerts/alerts-screen')),
  (m) => m.AlertsScreen,
);
const AlertDetailScreen = screen(
  withAlertTexts(() => import('../features/alerts/alert-detail-screen')),
  (m) => m.AlertDetailScreen,
);
const AlertConfigScreen = screen(
  withAlertTexts(() => import('../features/alert-config/alert-config-screen')),
  (m) => m.AlertConfigScreen,
);
const ReceiversScreen = screen(
  withAlertTexts(() => import('../features/receivers/receivers-screen')),
  (m) => m.ReceiversScreen,
);
const withSubscriptionTexts = withTexts(() => import('../lib/signed-in/subscription-texts').then((m) => m.loadSubscriptionTexts()));
const CustomVehicleScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/custom-vehicle-screen')),
  (m) => m.CustomVehicleScreen,
);
const RenewalScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/renewal-screen')),
  (m) => m.RenewalScreen,
);
const PaymentSummaryScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/payment-summary-screen')),
  (m) => m.PaymentSummaryScreen,
);
const PaymentSuccessScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/payment-result-screens')),
  (m) => m.PaymentSuccessScreen,
);
const PaymentFailedScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/payment-result-screens')),
  (m) => m.PaymentFailedScreen,
);
const SubscriptionHistoryScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/history-screen')),
  (m) => m.SubscriptionHistoryScreen,
);
const InvoiceScreen = screen(
  withSubscriptionTexts(() => import('../features/subscription/invoice-screen')),
  (m) => m.InvoiceScreen,
);
const withReminderTexts = withTexts(() => import('../lib/signed-in/reminders-texts').then((m) => m.loadReminderTexts()));
const MyReminderScreen = screen(
  withReminderTexts(() => import('../features/reminders/my-reminder-screen')),
  (m) => m.MyReminderScreen,
);
const AddReminderScreen = screen(
  withReminderTexts(() => import('../features/reminders/add-reminder-screen')),
  (m) => m.AddReminderScreen,
);
// Doorstep service booking (issue 15): five screens, each its own chunk, with the `services` words.
const withServiceTexts = withTexts(() => import('../lib/signed-in/services-texts').then((m) => m.loadServiceTexts()));
const BookServicesScreen = screen(
  withServiceTexts(() => import('../features/services/book-services-screen')),
  (m) => m.BookServicesScreen,
);
const BookingSummaryScreen = screen(
  withServiceTexts(() => import('../features/services/booking-summary-screen')),
  (m) => m.BookingSummaryScreen,
);
const BookingStatusScreen = screen(
  withServiceTexts(() => import('../features/services/booking-status-screen')),
  (m) => m.BookingStatusScreen,
);
const ServiceInformationScreen = screen(
  withServiceTexts(() => import('../features/services/service-information-screen')),
  (m) => m.ServiceInformationScreen,
);
const ServiceRequestHistoryScreen = screen(
  withServiceTexts(() => import('../features/services/request-history-screen')),
  (m) => m.ServiceRequestHistoryScreen,
);
// The hire ledger (issue 17): six screens, each its own chunk, with the `hire` words; the job screen
// (its map, Leaflet, and the drawing tool with the geofence words) only when a job is opened.
const withHireTexts = withTexts(() => import('../lib/signed-in/hire-texts').then((m) => m.loadHireTexts()));
const HireLedgerScreen = screen(
  withHireTexts(() => import('../features/hire/ledger-screen')),
  (m) => m.HireLedgerScreen,
);
const HireCustomerScreen = screen(
  withHireTexts(() => import('../features/hire/customer-screen')),
  (m) => m.HireCustomerScreen,
);
const HireCustomerFormScreen = screen(
  withHireTexts(() => import('../features/hire/customer-form-screen')),
  (m) => m.HireCustomerFormScreen,
);
const HireJobScreen = screen(withHireTexts(withGeofenceTexts(() => import('../features/hire/job-screen'))), (m) => m.HireJobScreen);
const HireJobFormScreen = screen(
  withHireTexts(() => import('../features/hire/job-form-screen')),
  (m) => m.HireJobFormScreen,
);
const HirePaymentScreen = screen(
  withHireTexts(() => import('../features/hire/payment-screen')),
  (m) => m.HirePaymentScreen,
);
// Ask me (spec §2 askme): the assistant's code and words come only with this screen.
const withAskMeTexts = withTexts(() => import('../lib/signed-in/askme-texts').then((m) => m.loadAskMeTexts()));
const AskMeScreen = screen(
  withAskMeTexts(() => import('../features/askme/askme-screen')),
  (m) => m.AskMeScreen,
);
// The geofence module (spec §2): its six screens are one chunk behind one import.
const GeofenceModule = screen(
  withGeofenceTexts(() => import('../features/geofences/geofence-module')),
  (m) => m.GeofenceModule,
);
const geofences = (name: GeofenceScreen) => <GeofenceModule screen={name} />;

const rel = (p: { path: string }) => p.path.slice(1);

export function ShellRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        {/* The tab bar (home, usage, alerts with its unread badge, geofences) under the tab screens. */}
        <Route element={<TabsLayout />}>
          <Route path={rel(paths.tabs)}>
            <Route index element={<Navigate to={paths.home.getHref()} replace />} />
            <Route path="home" element={<HomeScreen />} />
            <Route path="tractor" element={<UsageScreen />} />
          </Route>
          <Route path={rel(paths.alerts)} element={<AlertsScreen />} />
          <Route path={rel(paths.geofenceList)} element={geofences('list')} />
        </Route>
        <Route path={rel(paths.createGeofence)} element={geofences('create')} />
        <Route path={rel(paths.geofenceDetails)} element={geofences('details')} />
        <Route path={rel(paths.deleteGeofence)} element={geofences('delete')} />
        <Route path={rel(paths.assignTractors)} element={geofences('assign')} />
        <Route path={rel(paths.addLocation)} element={geofences('addLocation')} />
        <Route path={rel(paths.alertDetail)} element={<AlertDetailScreen />} />
        <Route path={rel(paths.alertConfiguration)} element={<AlertConfigScreen />} />
        <Route path={rel(paths.alertReceivers)} element={<ReceiversScreen />} />
        <Route path={rel(paths.addTractor)} element={<AddTractorScreen />} />
        <Route path={rel(paths.tractorList)} element={<TractorListScreen />} />
        <Route path={rel(paths.dieselUsage)} element={<DieselUsageScreen />} />
        <Route path={rel(paths.engineUsage)} element={<EngineUsageScreen />} />
        <Route path={rel(paths.locateMe)} element={<LocateMeScreen />} />
        <Route path={rel(paths.routeReplay)} element={<RouteReplayScreen />} />
        <Route path={rel(paths.createNewProfile)} element={<CreateNewProfileRoute />} />
        <Route path={rel(paths.changePin)} element={<ChangePinScreen />} />
        <Route path={rel(paths.customVehicle)} element={<CustomVehicleScreen />} />
        <Route path={rel(paths.renewal)} element={<RenewalScreen />} />
        <Route path={rel(paths.paymentSummary)} element={<PaymentSummaryScreen />} />
        <Route path={rel(paths.paymentSuccess)} element={<PaymentSuccessScreen />} />
        <Route path={rel(paths.paymentFailed)} element={<PaymentFailedScreen />} />
        <Route path={rel(paths.subscriptionHistory)} element={<SubscriptionHistoryScreen />} />
        <Route path={rel(paths.invoice)} element={<InvoiceScreen />} />
        <Route path={rel(paths.myReminder)} element={<MyReminderScreen />} />
        <Route path={rel(paths.addReminder)} element={<AddReminderScreen />} />
        <Route path={rel(paths.bookServices)} element={<BookServicesScreen />} />
        <Route path={rel(paths.bookingSummary)} element={<BookingSummaryScreen />} />
        <Route path={rel(paths.bookingStatus)} element={<BookingStatusScreen />} />
        <Route path={rel(paths.serviceInformation)} element={<ServiceInformationScreen />} />
        <Route path={rel(paths.serviceRequestHistory)} element={<ServiceRequestHistoryScreen />} />
        <Route path={rel(paths.hire)} element={<HireLedgerScreen />} />
        <Route path={rel(paths.hireCustomer)} element={<HireCustomerScreen />} />
        <Route path={rel(paths.hireCustomerForm)} element={<HireCustomerFormScreen />} />
        <Route path={rel(paths.hireJob)} element={<HireJobScreen />} />
        <Route path={rel(paths.hireJobForm)} element={<HireJobFormScreen />} />
        <Route path={rel(paths.hirePayment)} element={<HirePaymentScreen />} />
        <Route path={rel(paths.askMe)} element={<AskMeScreen />} />
        <Route path={rel(paths.language)} element={<LanguageScreen />} />
        <Route path={rel(paths.settings)} element={<SettingsScreen />} />
        <Route path={rel(paths.about)} element={<AboutScreen />} />
        <Route path={rel(paths.termsPolicies)} element={<TermsScreen />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.root.getHref()} replace />} />
    </Routes>
  );
}
