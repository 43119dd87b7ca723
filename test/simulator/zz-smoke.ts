import { ApiSimulator } from '/work/main/test/simulator';
(async () => {
  const sim = await ApiSimulator.start();
  const key = sim.defaultProject().key;
  const h = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const get = async (p: string, hh: any = h) => { const r = await fetch(sim.baseUrl + p, { headers: hh }); return [r.status, await r.text()]; };
  console.log(await get('/project/reviews?per_page=2'));
  console.log(await get('/project/customers/1'));
  console.log(await get('/project/messages'));
  console.log(await get('/project/charges'));
  console.log(await get('/agency/projects', { Authorization: `Bearer ${sim.agencyKey}` }));
  console.log(await get('/project/nothing'));
  let t = Date.now(); sim.addReviews(1, 100000); console.log('seed ms', Date.now() - t);
  for (const q of ['', '?sort_key=id&sort_dir=desc&per_page=100', '?per_page=100&page=500']) {
    t = performance.now(); const [s, b] = await get('/project/reviews' + q); console.log(q, s, (performance.now() - t).toFixed(1), 'ms', (b as string).length);
    t = performance.now(); await get('/project/reviews' + q); console.log(' again', (performance.now() - t).toFixed(1), 'ms');
  }
  await sim.stop();
})();
