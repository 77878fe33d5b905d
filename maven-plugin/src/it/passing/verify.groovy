// The build passed; verify's table is in the log, and each pattern call is a passing test case.
def log = new File(basedir, 'build.log').text
assert log.contains('9 checks of 8 access patterns: every one a Query, every result as expected.')
assert log.contains('ordersByStatus(status: OPEN, from: 2026-01-01, to: 2026-01-31)')
assert log.contains('largeOrdersOfCustomer(customerId: 42, status: OPEN, minTotal: 20)')

def suite = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/singletable-reports/TEST-singletable-orders.xml'))
assert suite.@tests == '9'
assert suite.@failures == '0'
assert suite.testcase.size() == 9
assert suite.testcase.every { it.@classname == 'orders' && it.failure.size() == 0 }

// The design states its rates: the cost per index follows the table, and verify's JSON carries it.
assert log.contains('Cost at the stated rates, 730 hours a month:')
assert log.contains('total               59.5     27.0  156,366,000  71,014,400   60   28')
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/singletable-reports/orders.json'))
assert json.passed == true
assert json.cost.total.provisionedReadCapacityUnits == 60

def page = new File(basedir, 'target/singletable-reports/orders.html').text
assert page.startsWith('<!DOCTYPE html>')
return true
