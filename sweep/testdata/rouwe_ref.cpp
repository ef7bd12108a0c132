// Reference timing for BenchmarkEllipsoidTriangle: the listing published in
// Rouwe, "Collision Detection with Swept Spheres and Ellipsoids", sections
// 3.1-4.2 (PolygonSweptEllipsoidIntersect, float, as printed; Matrix::GetInversed
// inverts the affine matrices the listing gives it as the paper's Matrix class
// would: the 3x3 part by cross products, then the translation; it was a
// general 4x4 cofactor inverse until 2026-11-27, docs/performance.md), run on
// the same workload as the Go benchmark: 200k cases, triangle vertices
// uniform in [-5,5]^3, start uniform in [-8,8]^3, motion a uniform random
// direction times uniform [0,10], ellipsoid a uniform random rotation with
// radii uniform in [0.5,2]. The
// triangle is stored as the paper stores polygons (plane + 2D vertices),
// converted outside the timed loop.
//
// Not part of the build (testdata). Compare on the same machine, back to back:
//
//   g++ -O2 -o /tmp/rouwe_ref sweep/testdata/rouwe_ref.cpp && /tmp/rouwe_ref
//   go test ./sweep -run '^$' -bench 'EllipsoidTriangle$|QueryTriangle$'
//
// Both report CPU time per case of the running thread, steadier than wall
// time on a shared machine. The listing times two loops over the cases,
// five passes each, interleaved, and prints the best pass of each: "by
// reference" (each case's fields passed straight from the array) and "one
// case ahead" (the loop of the Go benchmark, BenchmarkEllipsoidTriangle:
// two local copies of cases taking turns, each refilled right after the
// call that used it). Its own generator draws cases of the same
// distribution as the Go benchmark's, not the same cases; to run the
// listing on the Go benchmark's very cases (and compare the hit counts),
// write them first and pass the file:
//
//   SWEEPDBG_BENCH_CASES=/tmp/cases.bin go test ./sweep -run TestWriteBenchCases -v
//   /tmp/rouwe_ref /tmp/cases.bin
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include <chrono>
#include <utility>
#include <time.h>
struct Vector2 { float mX, mY; Vector2(){} Vector2(float x,float y):mX(x),mY(y){}
  Vector2 operator-(const Vector2&o)const{return Vector2(mX-o.mX,mY-o.mY);} Vector2 operator+(const Vector2&o)const{return Vector2(mX+o.mX,mY+o.mY);}
  Vector2 operator*(float s)const{return Vector2(mX*s,mY*s);} float Dot(const Vector2&o)const{return mX*o.mX+mY*o.mY;} float GetLengthSquared()const{return Dot(*this);} };
struct Vector3 { float x,y,z; Vector3(){} Vector3(float a,float b,float c):x(a),y(b),z(c){}
  Vector3 operator-(const Vector3&o)const{return Vector3(x-o.x,y-o.y,z-o.z);} Vector3 operator+(const Vector3&o)const{return Vector3(x+o.x,y+o.y,z+o.z);}
  Vector3 operator*(float s)const{return Vector3(x*s,y*s,z*s);} float Dot(const Vector3&o)const{return x*o.x+y*o.y+z*o.z;}
  Vector3 Cross(const Vector3&o)const{return Vector3(y*o.z-z*o.y,z*o.x-x*o.z,x*o.y-y*o.x);} float Length()const{return std::sqrt(Dot(*this));} };
struct Matrix { float m[4][4]; // m[row][col]
  Vector3 Column(int c)const{return Vector3(m[0][c],m[1][c],m[2][c]);} void SetColumn(int c,const Vector3&v,float w){m[0][c]=v.x;m[1][c]=v.y;m[2][c]=v.z;m[3][c]=w;}
  float E(int r,int c)const{return m[r][c];}
  Vector3 operator*(const Vector3&v)const{return Vector3(m[0][0]*v.x+m[0][1]*v.y+m[0][2]*v.z+m[0][3],m[1][0]*v.x+m[1][1]*v.y+m[1][2]*v.z+m[1][3],m[2][0]*v.x+m[2][1]*v.y+m[2][2]*v.z+m[2][3]);}
  Vector3 Multiply3x3(const Vector3&v)const{return Vector3(m[0][0]*v.x+m[0][1]*v.y+m[0][2]*v.z,m[1][0]*v.x+m[1][1]*v.y+m[1][2]*v.z,m[2][0]*v.x+m[2][1]*v.y+m[2][2]*v.z);}
  Vector3 Multiply3x3Transposed(const Vector3&v)const{return Vector3(m[0][0]*v.x+m[1][0]*v.y+m[2][0]*v.z,m[0][1]*v.x+m[1][1]*v.y+m[2][1]*v.z,m[0][2]*v.x+m[1][2]*v.y+m[2][2]*v.z);}
  Matrix operator*(const Matrix&o)const{Matrix r; for(int i=0;i<4;i++)for(int j=0;j<4;j++){float s=0;for(int k=0;k<4;k++)s+=m[i][k]*o.m[k][j];r.m[i][j]=s;}return r;}
  Matrix GetInversed()const{ // affine inverse: the 3x3 by cross products (its cofactors), then the translation
    Vector3 c0=Column(0),c1=Column(1),c2=Column(2),t=Column(3);
    Vector3 r0=c1.Cross(c2),r1=c2.Cross(c0),r2=c0.Cross(c1); float inv_det=1.0f/c0.Dot(r0);
    r0=r0*inv_det; r1=r1*inv_det; r2=r2*inv_det; Matrix r;
    r.m[0][0]=r0.x;r.m[0][1]=r0.y;r.m[0][2]=r0.z;r.m[0][3]=-r0.Dot(t);
    r.m[1][0]=r1.x;r.m[1][1]=r1.y;r.m[1][2]=r1.z;r.m[1][3]=-r1.Dot(t);
    r.m[2][0]=r2.x;r.m[2][1]=r2.y;r.m[2][2]=r2.z;r.m[2][3]=-r2.Dot(t);
    r.m[3][0]=0;r.m[3][1]=0;r.m[3][2]=0;r.m[3][3]=1; return r; }
};
struct Plane { Vector3 mNormal; float mConstant;
  float GetSignedDistance(const Vector3&p)const{return mNormal.Dot(p)+mConstant;}
  Plane GetTransformedByInverse(const Matrix&m)const{Vector3 n=m.Multiply3x3Transposed(mNormal); float l=n.Length(); Plane p; p.mNormal=n*(1.0f/l); p.mConstant=mConstant/l; return p;}
  void Basis(Vector3&u,Vector3&v)const{const Vector3&n=mNormal; if(n.x>n.y) u=Vector3(n.z,0,-n.x)*(1.0f/std::sqrt(n.x*n.x+n.z*n.z)); else u=Vector3(0,n.z,-n.y)*(1.0f/std::sqrt(n.y*n.y+n.z*n.z)); v=n.Cross(u);}
  Matrix GetPlaneToWorldMatrix()const{Vector3 u,v;Basis(u,v);Matrix m;m.SetColumn(0,u,0);m.SetColumn(1,v,0);m.SetColumn(2,mNormal,0);m.SetColumn(3,mNormal*-mConstant,1);return m;}
  static Vector2 sConvertWorldToPlane(const Vector3&u,const Vector3&v,const Vector3&p){return Vector2(p.Dot(u),p.Dot(v));}
};
static Vector2 Transform2x2(const Matrix&m,const Vector2&p){return Vector2(m.m[0][0]*p.mX+m.m[0][1]*p.mY,m.m[1][0]*p.mX+m.m[1][1]*p.mY);}
bool PlaneSweptSphereIntersect(const Plane &inPlane, const Vector3 &inBegin, const Vector3 &inDelta, float inRadius, float &outT1, float &outT2){
  float n_dot_d=inPlane.mNormal.Dot(inDelta); float dist_to_b=inPlane.GetSignedDistance(inBegin);
  if(n_dot_d==0.0f){ if(std::fabs(dist_to_b)>inRadius) return false; outT1=0;outT2=1;}
  else { outT1=(inRadius-dist_to_b)/n_dot_d; outT2=(-inRadius-dist_to_b)/n_dot_d; if(outT1>outT2) std::swap(outT1,outT2); if(outT1>1.0f||outT2<0.0f) return false; if(outT1<0)outT1=0; if(outT2>1)outT2=1;}
  return true;}
bool PolygonContains(const Vector2*inV,int n,const Vector2&p){ for(const Vector2*v1=inV,*v2=inV+n-1;v1<inV+n;v2=v1,++v1){Vector2 v1_v2=*v2-*v1;Vector2 v1_point=p-*v1; if(v1_v2.mX*v1_point.mY-v1_point.mX*v1_v2.mY>0.0f) return false;} return true;}
bool PolygonCircleIntersect(const Vector2*inV,int n,const Vector2&c,float r2,Vector2&out){
  if(PolygonContains(inV,n,c)){out=c;return true;} bool col=false;
  for(const Vector2*v1=inV,*v2=inV+n-1;v1<inV+n;v2=v1,++v1){Vector2 v1_v2=*v2-*v1;Vector2 v1_center=c-*v1;float fraction=v1_center.Dot(v1_v2);
    if(fraction<0.0f){float d=v1_center.GetLengthSquared(); if(d<=r2){col=true;out=*v1;r2=d;}}
    else{float l=v1_v2.GetLengthSquared(); if(fraction<=l){Vector2 pt=*v1+v1_v2*(fraction/l);float d=(pt-c).GetLengthSquared(); if(d<=r2){col=true;out=pt;r2=d;}}}}
  return col;}
bool FindLowestRootInInterval(float a,float b,float c,float up,float&x){float det=b*b-4.0f*a*c; if(det<0.0f) return false; float q=-0.5f*(b+(b<0.0f?-1.0f:1.0f)*std::sqrt(det)); float x1=q/a,x2=c/q; if(x2<x1) std::swap(x1,x2); if(x1>=0.0f&&x1<=up){x=x1;return true;} if(x2>=0.0f&&x2<=up){x=x2;return true;} return false;}
bool SweptCircleEdgeVertexIntersect(const Vector2*inV,int n,const Vector2&inBegin,const Vector2&inDelta,float inA,float inB,float inC,Vector2&outPoint,float&outFraction){
  float upper=1.0f; bool col=false;
  for(const Vector2*v1=inV,*v2=inV+n-1;v1<inV+n;v2=v1,++v1){ float t; Vector2 bv1=*v1-inBegin; float a1=inA-inDelta.GetLengthSquared(); float b1=inB+2.0f*inDelta.Dot(bv1); float c1=inC-bv1.GetLengthSquared();
    if(FindLowestRootInInterval(a1,b1,c1,upper,t)){col=true;upper=t;outPoint=*v1;}
    Vector2 v1v2=*v2-*v1; float dd=v1v2.Dot(inDelta); float db=v1v2.Dot(bv1); float ll=v1v2.GetLengthSquared();
    float a2=ll*a1+dd*dd; float b2=ll*b1-2.0f*db*dd; float c2=ll*c1+db*db;
    if(FindLowestRootInInterval(a2,b2,c2,upper,t)){ float f=t*dd-db; if(f>=0.0f&&f<=ll){col=true;upper=t;outPoint=*v1+v1v2*(f/ll);}}}
  if(!col) return false; outFraction=upper; return true;}
bool PolygonSweptEllipsoidIntersect(const Plane&inPlane,const Vector2*inVertices,int n,const Vector3&inBegin,const Vector3&inDelta,const Vector3&inAxis1,const Vector3&inAxis2,const Vector3&inAxis3,Vector3&outPoint,float&outFraction){
  Matrix u2w; u2w.SetColumn(0,inAxis1,0);u2w.SetColumn(1,inAxis2,0);u2w.SetColumn(2,inAxis3,0);u2w.SetColumn(3,Vector3(0,0,0),1);
  Matrix w2u=u2w.GetInversed(); Vector3 begin_uss=w2u*inBegin; Vector3 delta_uss=w2u.Multiply3x3(inDelta);
  Plane tp=inPlane.GetTransformedByInverse(u2w); float t1,t2; if(!PlaneSweptSphereIntersect(tp,begin_uss,delta_uss,1.0f,t1,t2)) return false;
  Matrix p2w=inPlane.GetPlaneToWorldMatrix(); Matrix tp2u=tp.GetPlaneToWorldMatrix(); Matrix p2tp=tp2u.GetInversed()*w2u*p2w;
  float n_dot_d=tp.mNormal.Dot(delta_uss); float dist_to_b=tp.GetSignedDistance(begin_uss); float a=-n_dot_d*n_dot_d; float b=-2.0f*n_dot_d*dist_to_b; float c=1.0f-dist_to_b*dist_to_b;
  Vector3 u=tp2u.Column(0), v=tp2u.Column(1); Vector2 trans(p2tp.E(0,3),p2tp.E(1,3));
  Vector2 begin=Plane::sConvertWorldToPlane(u,v,begin_uss)-trans; Vector2 delta=Plane::sConvertWorldToPlane(u,v,delta_uss);
  Vector2*tv=(Vector2*)alloca(n*sizeof(Vector2)); for(int i=0;i<n;i++) tv[i]=Transform2x2(p2tp,inVertices[i]);
  Vector2 p; if(PolygonCircleIntersect(tv,n,begin+delta*t1,a*t1*t1+b*t1+c,p)){outFraction=t1; Vector2 q=p+trans; outPoint=u2w*(tp2u*Vector3(q.mX,q.mY,0)); return true;}
  if(SweptCircleEdgeVertexIntersect(tv,n,begin,delta,a,b,c,p,outFraction)){Vector2 q=p+trans; outPoint=u2w*(tp2u*Vector3(q.mX,q.mY,0)); return true;}
  return false;}
struct Case { Plane pl; Vector2 v[3]; Vector3 b,d,a1,a2,a3; };
static double threadcpu(){ timespec ts; clock_gettime(CLOCK_THREAD_CPUTIME_ID,&ts); return ts.tv_sec*1e9+ts.tv_nsec; }
// addCase stores the triangle t (three points, double) and the motion as
// the listing takes them: the plane and the triangle's vertices in the
// plane's 2D basis. It reports false for a triangle whose normal the
// listing cannot form (a degenerate one, or one whose published basis
// divides by zero).
static bool addCase(std::vector<Case>&cs,const double t[3][3],const Vector3&b,const Vector3&d,const Vector3&a1,const Vector3&a2,const Vector3&a3){
  double e1[3]={t[1][0]-t[0][0],t[1][1]-t[0][1],t[1][2]-t[0][2]}, e2[3]={t[2][0]-t[0][0],t[2][1]-t[0][1],t[2][2]-t[0][2]};
  double n[3]={e1[1]*e2[2]-e1[2]*e2[1],e1[2]*e2[0]-e1[0]*e2[2],e1[0]*e2[1]-e1[1]*e2[0]}; double l=std::sqrt(n[0]*n[0]+n[1]*n[1]+n[2]*n[2]); if(l<1e-6) return false;
  Case c; c.pl.mNormal=Vector3(n[0]/l,n[1]/l,n[2]/l); c.pl.mConstant=-(c.pl.mNormal.x*t[0][0]+c.pl.mNormal.y*t[0][1]+c.pl.mNormal.z*t[0][2]);
  Vector3 u,v; c.pl.Basis(u,v); if(!std::isfinite(u.x)) return false; // the published basis divides by zero for some normals
  // CCW in (u,v): the listing's PolygonContains rejects points with cross(v2-v1, p-v1) > 0 walking backwards
  for(int i=0;i<3;i++){Vector3 p(t[i][0],t[i][1],t[i][2]); c.v[i]=Plane::sConvertWorldToPlane(u,v,p);}
  c.b=b; c.d=d; c.a1=a1; c.a2=a2; c.a3=a3; cs.push_back(c); return true;}
// readCases reads the Go benchmark's own cases, as TestWriteBenchCases
// writes them (24 little-endian doubles a case: the three axes, begin,
// delta, the three vertices), and returns how many the listing cannot take.
static int readCases(const char*path,std::vector<Case>&cs){
  FILE*f=std::fopen(path,"rb"); if(!f){std::perror(path); std::exit(1);} double x[24]; int skipped=0;
  while(std::fread(x,sizeof x,1,f)==1){ double t[3][3]; for(int i=0;i<3;i++)for(int k=0;k<3;k++)t[i][k]=x[15+3*i+k];
    if(!addCase(cs,t,Vector3(x[9],x[10],x[11]),Vector3(x[12],x[13],x[14]),Vector3(x[0],x[1],x[2]),Vector3(x[3],x[4],x[5]),Vector3(x[6],x[7],x[8]))) skipped++; }
  std::fclose(f); return skipped;}
int main(int argc,char**argv){
  std::vector<Case> cs; cs.reserve(200000);
  if(argc>1){ int skipped=readCases(argv[1],cs); printf("%zu cases from %s (%d the listing cannot take, left out)\n",cs.size(),argv[1],skipped); }
  else {
  std::mt19937_64 rng(2024); std::uniform_real_distribution<double> U(0,1); std::normal_distribution<double> N(0,1);
  auto uni=[&](double lo,double hi){return lo+(hi-lo)*U(rng);};
  while(cs.size()<200000){
    double t[3][3]; for(auto&p:t)for(auto&x:p)x=uni(-5,5);
    Vector3 b(uni(-8,8),uni(-8,8),uni(-8,8)); double dx=N(rng),dy=N(rng),dz=N(rng),dl=std::sqrt(dx*dx+dy*dy+dz*dz),s=uni(0,10); Vector3 d(dx/dl*s,dy/dl*s,dz/dl*s);
    double qw=N(rng),qx=N(rng),qy=N(rng),qz=N(rng),ql=std::sqrt(qw*qw+qx*qx+qy*qy+qz*qz); qw/=ql;qx/=ql;qy/=ql;qz/=ql;
    double R[3][3]={{1-2*(qy*qy+qz*qz),2*(qx*qy-qz*qw),2*(qx*qz+qy*qw)},{2*(qx*qy+qz*qw),1-2*(qx*qx+qz*qz),2*(qy*qz-qx*qw)},{2*(qx*qz-qy*qw),2*(qy*qz+qx*qw),1-2*(qx*qx+qy*qy)}};
    double r0=uni(0.5,2),r1=uni(0.5,2),r2=uni(0.5,2);
    addCase(cs,t,b,d,Vector3(R[0][0]*r0,R[1][0]*r0,R[2][0]*r0),Vector3(R[0][1]*r1,R[1][1]*r1,R[2][1]*r1),Vector3(R[0][2]*r2,R[1][2]*r2,R[2][2]*r2));}
  }
  // Two loops, each timed five times, the passes interleaved: "by
  // reference" passes each case's fields straight from the array; "one
  // case ahead" is the Go benchmark's loop (BenchmarkEllipsoidTriangle):
  // two local cases, x and y, take turns, each refilled from the array
  // right after the call that used it, a whole call before its next use.
  int hits=0, hitsAhead=0; Vector3 out; float f; double best=1e30, bestAhead=1e30; const size_t n=cs.size();
  for(int rep=0;rep<5;rep++){ double t0=threadcpu(); auto w0=std::chrono::steady_clock::now(); hits=0;
    for(const Case&c:cs) if(PolygonSweptEllipsoidIntersect(c.pl,c.v,3,c.b,c.d,c.a1,c.a2,c.a3,out,f)) hits++;
    double t1=threadcpu(); auto w1=std::chrono::steady_clock::now(); double ns=(t1-t0)/n; if(ns<best)best=ns;
    printf("rep %d: %.1f cpu-ns/op, %.1f wall-ns/op\n",rep,ns,std::chrono::duration<double,std::nano>(w1-w0).count()/n);
    t0=threadcpu(); hitsAhead=0; Case x=cs[0], y=cs[1%n]; size_t j=2%n; // j: the next case to load, wrapping as the Go cursor does
    for(size_t i=0;i<n;i++){
      if(PolygonSweptEllipsoidIntersect(x.pl,x.v,3,x.b,x.d,x.a1,x.a2,x.a3,out,f)) hitsAhead++;
      x=cs[j]; if(++j==n) j=0; if(++i==n) break;
      if(PolygonSweptEllipsoidIntersect(y.pl,y.v,3,y.b,y.d,y.a1,y.a2,y.a3,out,f)) hitsAhead++;
      y=cs[j]; if(++j==n) j=0; }
    t1=threadcpu(); ns=(t1-t0)/n; if(ns<bestAhead)bestAhead=ns;
    printf("rep %d, one case ahead: %.1f cpu-ns/op\n",rep,ns); }
  printf("best %.1f cpu-ns/op (hits %d of %zu a pass)\n",best,hits,n);
  printf("best one case ahead %.1f cpu-ns/op (hits %d of %zu a pass)\n",bestAhead,hitsAhead,n);
}
