// The page is written with the failing pattern and its warning, the cost at the configured rates and prices and
// the coverage found in the configured directory; no JUnit XML, the build passed.
def page = new File(basedir, 'target/singletable-reports/shop.html').text
assert page.contains('<tr class="failed"><td><code>bigOrders(min: 50)</code>')
assert page.contains('<h3>At the stated rates, 730 hours a month</h3>')
assert page.contains('<div class="card bad"><b>1 / 2</b>patterns served by the application</div>')
assert !new File(basedir, 'target/singletable-reports/TEST-singletable-shop.xml').exists()
def log = new File(basedir, 'build.log').text
assert log.contains('Report of table shop: ')
assert log.contains('Access pattern coverage of table shop in the last test run: 1 of 2 declared patterns served by the application, 0 undeclared reads')
return true
