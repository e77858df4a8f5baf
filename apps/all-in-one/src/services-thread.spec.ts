import { servicesInThread } from './services-thread';

describe('servicesInThread (ALL_IN_ONE_SERVICES_THREAD)', () => {
  it('moves content alone off the main thread with two cores or more (collaboration serves beside the gateway), none with one', () => {
    expect([...servicesInThread('auto', 2)]).toEqual(['content']);
    expect([...servicesInThread('auto', 8)]).toEqual(['content']);
    expect([...servicesInThread('auto', 1)]).toEqual([]);
  });

  it('takes a list as given (the layout before session 18: content,collaboration), and none as none', () => {
    expect([...servicesInThread('content,collaboration', 2)]).toEqual(['content', 'collaboration']);
    expect([...servicesInThread('content,sites', 1)]).toEqual(['content', 'sites']);
    expect([...servicesInThread('none', 4)]).toEqual([]);
  });
});
