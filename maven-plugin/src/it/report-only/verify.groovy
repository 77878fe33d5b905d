// The page is written with the failing pattern and its warning; no JUnit XML, the build passed.
def page = new File(basedir, 'target/singletable-reports/shop.html').text
assert page.contains('<tr class="failed"><td><code>bigOrders(min: 50)</code>')
assert !new File(basedir, 'target/singletable-reports/TEST-singletable-shop.xml').exists()
assert new File(basedir, 'build.log').text.contains('Report of table shop: ')
return true
