import { openTelemetryVariables } from './app-env';

describe('OpenTelemetry settings passed to the apps', () => {
  it('passes every OTEL_ variable of the shell but the service name (each app is named after itself)', () => {
    expect(
      openTelemetryVariables({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_SERVICE_NAME: 'one-name-for-all',
        HOME: '/root',
      }),
    ).toEqual({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' });
  });
});
