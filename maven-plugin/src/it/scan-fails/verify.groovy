// The build failed naming the pattern that Scans; its test case fails in the JUnit XML, the other passes.
def log = new File(basedir, 'build.log').text
assert log.contains('Access patterns fall short')
assert log.contains('table shop, bigOrders(min: 50): runs as Scan, not as a Query: it reads 2 items to return 1')

def suite = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/singletable-reports/TEST-singletable-shop.xml'))
assert suite.@tests == '2'
assert suite.@failures == '1'
def scan = suite.testcase.find { it.@name == 'bigOrders(min: 50)' }
assert scan.failure.@message.text().startsWith('runs as Scan, not as a Query')
assert suite.testcase.find { it.@name == 'ordersOfCustomer(customerId: 42)' }.failure.size() == 0
assert new File(basedir, 'target/singletable-reports/shop.html').isFile()
return true
