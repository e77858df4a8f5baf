import { AUTO_SERVICES_THREAD, servicesInThread } from './services-thread';

describe('servicesInThread (ALL_IN_ONE_SERVICES_THREAD)', () => {
  it('moves the busiest services off the main thread with two cores or more, none with one', () => {
    expect([...servicesInThread('auto', 2)]).toEqual(AUTO_SERVICES_THREAD);
    expect([...servicesInThread('auto', 8)]).toEqual(AUTO_SERVICES_THREAD);
    expect([...servicesInThread('auto', 1)]).toEqual([]);
  });

  it('takes a list as given, and none as none', () => {
    expect([...servicesInThread('content,sites', 1)]).toEqual(['content', 'sites']);
    expect([...servicesInThread('none', 4)]).toEqual([]);
  });
});
